/** Row ids are UUIDs; an id in a path that is not one names nothing, and is answered 404 like any unknown id. */
export const isRowId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
