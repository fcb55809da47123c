/**
 * A profile image checked and made printable off the request thread, in the image worker (print-images.ts):
 * answers `{ image }` or `{ msg }`.
 */
import { ImageRefusal, printableImage } from './image-decode';

export interface ImageTask {
  dataUrl: string;
  label: string;
}

export type ImageAnswer = { image: string } | { msg: string };

export default async function checkImageInWorker({ dataUrl, label }: ImageTask): Promise<ImageAnswer> {
  try {
    return { image: await printableImage(dataUrl, label) };
  } catch (error) {
    if (error instanceof ImageRefusal) return { msg: error.message };
    throw error;
  }
}
