/**
 * The operation that lists a collection, named from its path name.
 *
 * @example listOperationId('abilities') // 'listAbilities'
 */
export function listOperationId(list: string): string {
  return `list${list.charAt(0).toUpperCase()}${list.slice(1)}`;
}

/**
 * The operation that fetches one record, named from its type.
 *
 * @example getOperationId('Ability') // 'getAbility'
 */
export function getOperationId(typeName: string): string {
  return `get${typeName}`;
}

/**
 * The operation that counts a list's records by facet.
 *
 * @example facetsOperationId('items') // 'countItems'
 */
export function facetsOperationId(list: string): string {
  return `count${list.charAt(0).toUpperCase()}${list.slice(1)}`;
}

/**
 * The operation that tells one record's history, named from its type.
 *
 * @example historyOperationId('Ability') // 'getAbilityHistory'
 */
export function historyOperationId(typeName: string): string {
  return `get${typeName}History`;
}
