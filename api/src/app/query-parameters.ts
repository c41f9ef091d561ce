import { badRequest } from '../errors.ts';
import type { ContractOperation } from './contract-operations.ts';

/**
 * An /api call may carry only the query parameters its operation declares. Anything else changes
 * nothing in the answer but would make a new entry of the public cache: a stream of `?x=1`, `?x=2`…
 * could push every reader's page out of it (cache flushing). A typo answers 400 instead of being ignored.
 */
export function unknownQueryParameter(operation: ContractOperation, query: object): Error | undefined {
  const unknown = Object.keys(query).find((name) => !operation.query.includes(name));
  return unknown === undefined
    ? undefined
    : badRequest(`Nieznany parametr zapytania: ${unknown.slice(0, 50)}`);
}
