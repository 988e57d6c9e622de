import { describeHttpTableThroughLambda } from './support/http-table-through-lambda.js';

// One file per event kind: each imports its own instance of the built handler, as a Lambda instance
// would, so each gets its own rate-limit counters.
describeHttpTableThroughLambda('alb');
