// Bun's and Deno's entry: runs the contract against the server named on the command line and prints
// what it saw as one line of JSON.
import * as sdk from '../../dist/index.js';
import { checkContract } from './contract.mjs';

const [baseUrl, apiKey] = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
console.log(JSON.stringify(await checkContract(sdk, baseUrl, apiKey)));
