import type { Dataset } from '../dataset/dataset.js';
import { loadDataset } from '../dataset/load-dataset.js';
import { formatProblems } from '../dataset/problems.js';
import { FIXTURE_STAMP, fixtureSource, toSource } from './fixture-source.js';

/** The fixture export, loaded: a small valid dataset for table tests. */
export function fixtureDataset(): Dataset {
  const result = loadDataset(toSource(fixtureSource()), FIXTURE_STAMP);
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.dataset;
}
