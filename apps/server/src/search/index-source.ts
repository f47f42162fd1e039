import type { SQL } from 'drizzle-orm';

/** What an index held in memory does with the documents its source gives it. */
export interface MemoryIndex<Doc> {
  /** Adds the document, or brings it up to date. */
  upsert(doc: Doc): void;
  /** Takes it out; one that is not in is ignored. */
  remove(id: string): void;
  /** Sorts a loading index's orders once, after its documents are in. */
  seal(): void;
  /** How much of the index is slots of documents that left it. */
  readonly deadShare: number;
  memory(): Record<string, number>;
  /** The index as it stands, for a snapshot (an index its source can `restore`). */
  state?(): unknown;
}

/** Where an index's documents come from and how their changes are logged. */
export interface IndexSource<Row, Doc, Index extends MemoryIndex<Doc>> {
  /** Every searchable row, read as `s` (a table, or a subquery of one) with a uuid `id`. */
  rows: SQL;
  /** The columns of `s` that make a document. */
  columns: SQL;
  /** The change log: `seq`, `txid` and the changed row's id as `changed_id`, a null id for a TRUNCATE. */
  changes: SQL;
  toDoc(row: Row): Doc;
  /** An empty index; `sealed: false` for one that is being loaded. */
  create(sealed: boolean): Index;
  /** The tsquery a search text stands for (an index searched by words). */
  tsquery?(text: string): SQL;
  /**
   * An index that can be written to a snapshot (search/index-snapshot.ts) and made again from one:
   * its file's name, the format of its state (a snapshot of another is not read), and how it is made again.
   */
  snapshot?: { name: string; format: string; restore(state: unknown): Index };
}
