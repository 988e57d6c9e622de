import { publishDatasetCommand } from './publish-dataset-command.js';

process.exit(await publishDatasetCommand(process.argv.slice(2), process));
