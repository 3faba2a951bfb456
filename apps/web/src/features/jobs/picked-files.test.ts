import { describe, expect, it } from 'vitest';
import { fromDataTransfer, fromFileList, sortPicked } from './picked-files';

const file = (name: string, type = '') => new File(['x'], name, { type });

/** A dropped folder as Chromium hands it over: entries, read in batches of `batch`. */
function folderEntry(fullPath: string, children: Array<FileSystemEntry>, batch = 2): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    name: fullPath.split('/').pop()!,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => {
          const slice = children.slice(at, at + batch);
          at += batch;
          setTimeout(() => resolve(slice), 0);
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}
const fileEntry = (fullPath: string, type = 'image/png'): FileSystemFileEntry =>
  ({ isFile: true, isDirectory: false, name: fullPath.split('/').pop()!, fullPath, file: (resolve: (f: File) => void) => resolve(file(fullPath.split('/').pop()!, type)) }) as unknown as FileSystemFileEntry;

describe('picked files', () => {
  it('keeps images and zips by type or extension, skips dotfiles, __MACOSX and documents, in path order', () => {
    const picked = sortPicked([
      { path: 'shop/b.JPG', file: file('b.JPG') },
      { path: 'shop/a.png', file: file('a.png', 'image/png') },
      { path: 'shop/.DS_Store', file: file('.DS_Store') },
      { path: '__MACOSX/shop/._a.png', file: file('._a.png') },
      { path: 'shop/notes.txt', file: file('notes.txt', 'text/plain') },
      { path: 'archive.zip', file: file('archive.zip', 'application/zip') },
    ]);
    expect(picked.files.map((entry) => entry.path)).toEqual(['archive.zip', 'shop/a.png', 'shop/b.JPG']);
    expect(picked.skipped).toEqual([
      { path: 'shop/.DS_Store', reason: 'hidden or system file' },
      { path: '__MACOSX/shop/._a.png', reason: 'hidden or system file' },
      { path: 'shop/notes.txt', reason: 'not an image (JPEG, PNG, GIF, WebP or AVIF) or a .zip' },
    ]);
  });

  it('names picked files by their relative path when the picker gives one', () => {
    const inFolder = file('a.png', 'image/png');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'shop/a.png' });
    expect(fromFileList([inFolder, file('b.png', 'image/png')]).files.map((entry) => entry.path)).toEqual(['b.png', 'shop/a.png']);
  });

  it('walks a dropped folder recursively, past the first batch of entries, without entering hidden folders', async () => {
    const tree = folderEntry('/shop', [
      fileEntry('/shop/1.png'),
      fileEntry('/shop/2.png'),
      folderEntry('/shop/shoes', [fileEntry('/shop/shoes/3.png'), fileEntry('/shop/shoes/readme.md', 'text/markdown')]),
      folderEntry('/shop/.git', [fileEntry('/shop/.git/4.png')]),
      fileEntry('/shop/5.png'),
    ]);
    const transfer = { items: [{ kind: 'file', webkitGetAsEntry: () => tree, getAsFile: () => null }], files: [] } as unknown as DataTransfer;
    const picked = await fromDataTransfer(transfer)();
    expect(picked.files.map((entry) => entry.path)).toEqual(['shop/1.png', 'shop/2.png', 'shop/5.png', 'shop/shoes/3.png']);
    expect(picked.skipped.map((entry) => entry.path)).toEqual(['shop/shoes/readme.md']);
  });
});
