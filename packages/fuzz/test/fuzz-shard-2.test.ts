import { describeFuzzShard } from './support/fuzz-shard.js';

describeFuzzShard(2);
