// `pnpm --filter @gamedata/bench questions [name]`: only `pnpm bench`'s new questions on the
// 100,000-item release, those whose scenario names contain `name` (all when none is given), against
// the same peer and ours' cached page: minutes, not the whole bench's half hour, for work on one of
// them. It prints figures; it is not a test.
import { measureNewQuestions } from './lib/large-dataset.mjs';
import { newQuestionsReport } from './lib/questions-report.mjs';
import { comparison } from './lib/run-lengths.mjs';

const questions = { ...comparison, only: process.argv[2] ?? '' };
const items = 100_000;
const newQuestions = await measureNewQuestions({ items, questions });
console.log(`\n${newQuestionsReport(newQuestions, { items, ...questions })}`);
