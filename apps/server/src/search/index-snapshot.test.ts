import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Joined, readSnapshot, writeSnapshot } from './index-snapshot.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-snapshot-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a snapshot of an index', () => {
  it('reads back as it was written: numbers, strings, nested objects and typed arrays of each kind, joined arrays as one', async () => {
    const file = path.join(dir, 'whole.index');
    const state = {
      count: 3,
      name: 'مشاريع',
      sealed: true,
      nothing: undefined,
      slots: { alive: new Uint32Array([7, 0, 2 ** 32 - 1]), hashes: new Float64Array([0.5, 2 ** 52 + 1]) },
      proposals: new Int32Array([-1, 4, 9]),
      dense: new Uint8Array([1, 0, 1, 1, 0]),
      steps: [new Uint32Array([1]), new Uint32Array([2, 3])],
      postings: new Joined([new Uint32Array([1, 2, 3]), new Uint32Array([]), new Uint32Array([9])]),
      tokens: ['logo', 'تصميم', ''],
    };
    // What a writer that crashed mid-write left is cleared; a running one's (this process's parent) is not.
    fs.writeFileSync(`${file}.2147483646.part`, 'half');
    fs.writeFileSync(`${file}.${process.ppid}.part`, 'under way');
    writeSnapshot(file, { meta: { horizon: '42' }, state });
    expect(fs.readdirSync(dir).sort()).toEqual(['whole.index', `whole.index.${process.ppid}.part`]);
    fs.rmSync(`${file}.${process.ppid}.part`);
    const read = await readSnapshot<{ horizon: string }>(file);
    expect(read?.meta).toEqual({ horizon: '42' });
    const { nothing: _nothing, postings: _postings, ...rest } = state;
    expect(read?.state).toEqual({ ...rest, postings: new Uint32Array([1, 2, 3, 9]) });
    // Nothing is left beside it.
    expect(fs.readdirSync(dir)).toEqual(['whole.index']);
  });

  it('is undefined when there is none, and an error when the file is not one or is cut short', async () => {
    expect(await readSnapshot(path.join(dir, 'none.index'))).toBeUndefined();
    const other = path.join(dir, 'other.index');
    fs.writeFileSync(other, 'not an index at all');
    await expect(readSnapshot(other)).rejects.toThrow(/is not one/);
    const cut = path.join(dir, 'cut.index');
    writeSnapshot(cut, { meta: {}, state: { big: new Float64Array(1000) } });
    fs.truncateSync(cut, fs.statSync(cut).size - 8);
    await expect(readSnapshot(cut)).rejects.toThrow(/cut short/);
  });
});
