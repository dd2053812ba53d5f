import { describe, expect, it } from 'vitest';
import { fileIconKind, previewKind, storageState } from './file-kinds';

describe('previewKind', () => {
  it.each([
    ['image/png', 'image'],
    ['image/heic', 'heic'],
    ['application/pdf', 'pdf'],
    ['text/markdown', 'text'],
    ['audio/mpeg', 'audio'],
    ['video/mp4', 'video'],
    ['image/svg+xml', null],
    ['text/html', null],
    ['application/octet-stream', null],
  ])('%s → %s', (type, kind) => expect(previewKind(type)).toBe(kind));
});

describe('fileIconKind', () => {
  it.each([
    ['image/svg+xml', 'image'],
    ['application/zip', 'archive'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'spreadsheet'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
    ['application/octet-stream', 'other'],
  ])('%s → %s', (type, kind) => expect(fileIconKind(type)).toBe(kind));
});

describe('storageState', () => {
  const GIB = 1024 ** 3;
  it('warns below 10 % left', () => {
    expect(storageState(1.9 * GIB, 2 * GIB).low).toBe(true);
    expect(storageState(1.7 * GIB, 2 * GIB).low).toBe(false);
  });
  it('never reports negative space', () => {
    expect(storageState(3 * GIB, 2 * GIB)).toEqual({ available: 0, share: 1, low: true });
  });
});
