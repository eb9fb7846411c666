import { vi } from 'vitest';

/** Catches what a page downloads (lib/download's temporary link): the file names and the first file's text. */
export function captureDownload() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:download';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return {
    names,
    /** The first download's text, without the byte order mark. */
    text: async () => (await (blobs[0] as Blob).text()).replace(/^\uFEFF/, ''),
  };
}
