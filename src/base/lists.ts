// Lists kept by key in a Map, as rows are grouped by key or fingerprint and columns by row.

/** Adds `value` to the list `map` keeps for `key`, starting it if need be. */
export const addTo = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  (map.get(key) ?? map.set(key, []).get(key)!).push(value);
};
