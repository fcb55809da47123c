import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guidePictures } from '../../scripts/docs/guide-shots';

/**
 * The user guide (docs/guide/) against the declaration of its pictures (scripts/docs/guide-shots.ts): every
 * on-screen name a page marks in **bold** is one that a picture of that page declares (so tests/e2e/guide.test.ts
 * checks the screen still shows it), and every picture a page shows is declared and taken.
 */
const GUIDE = join(import.meta.dirname, '../../docs/guide');
const IMAGES = join(GUIDE, 'images');
const pages = readdirSync(GUIDE).filter((file) => file.endsWith('.md'));
const pictures = guidePictures();

const text = (page: string) => readFileSync(join(GUIDE, page), 'utf8');
/** The bold texts of a page, a line break inside one read as a space. */
const boldNames = (markdown: string) => [...markdown.matchAll(/\*\*([\s\S]+?)\*\*/g)].map((match) => match[1].replace(/\s+/g, ' '));
const shownPictures = (markdown: string) => [...markdown.matchAll(/!\[[^\]]*\]\(images\/([^)]+)\)/g)].map((match) => match[1]);
const declaredBy = (page: string) => pictures.filter((picture) => picture.page === page);

describe('the user guide', () => {
  it.each(pages)('%s marks in bold only names a picture of the page declares', (page) => {
    const declared = new Set(declaredBy(page).flatMap(({ shot }) => shot.names));
    expect(boldNames(text(page)).filter((name) => !declared.has(name))).toEqual([]);
  });

  it.each(pages)('%s shows only pictures that are declared for it and taken', (page) => {
    const declared = new Set(declaredBy(page).map(({ shot }) => shot.file));
    const shown = shownPictures(text(page));
    expect(shown.filter((file) => !declared.has(file))).toEqual([]);
    expect(shown.filter((file) => !existsSync(join(IMAGES, file)))).toEqual([]);
  });

  it('shows every declared picture on its page, and keeps no other picture', () => {
    const notShown = pictures.filter(({ page, shot }) => !pages.includes(page) || !shownPictures(text(page)).includes(shot.file));
    expect(notShown.map(({ page, shot }) => `${page}: ${shot.file}`)).toEqual([]);
    const declared = new Set(pictures.map(({ shot }) => shot.file));
    expect(readdirSync(IMAGES).filter((file) => !declared.has(file))).toEqual([]);
  });
});
