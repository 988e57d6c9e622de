// Its own module so the bundle can load it on demand: see loadKeyFile in key-store.ts.
export { parseKeyFile } from '@gamedata/core';
