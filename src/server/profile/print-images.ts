import { Piscina } from 'piscina';
import { PROFILE_IMAGE_LABELS, type BusinessProfile, type ImageKey } from '../../engine/core';
import { badRequest } from '../http/errors';
import { workerBeside } from '../worker-file';
import type { ImageAnswer, ImageTask } from './image-worker';

/** The seller's images as the PDFs draw them (see printImages). */
export type PrintImages = Record<ImageKey, string>;

const IMAGE_WORKER = workerBeside('image-worker', import.meta.url);
/**
 * The worker's own heap: an image within the pixel limit (4 million pixels, 16 MB as RGBA) decodes in far
 * less, so one that needs more ends the worker and is refused instead of growing the server.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };
/** Longer than the largest allowed image takes on a busy machine; a worker still at it then is ended. */
const WORKER_TIMEOUT_MS = 60_000;

let pool: Piscina | undefined;

/**
 * One worker thread (saves are rare; two would take both cores from the operators' requests), started with
 * the first image and ended a second after the last, so the memory a decode took goes back to the system.
 * The worker runs TypeScript under tsx's loader, as `npm start` and the tests run the server.
 */
function imagePool(): Piscina {
  pool ??= new Piscina({
    filename: IMAGE_WORKER.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 1000,
    execArgv: IMAGE_WORKER.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [],
    resourceLimits: WORKER_LIMITS,
  });
  return pool;
}

async function decodeInWorker(task: ImageTask): Promise<ImageAnswer> {
  try {
    return (await imagePool().run(task, { signal: AbortSignal.timeout(WORKER_TIMEOUT_MS) })) as ImageAnswer;
  } catch {
    // Out of memory or out of time: the worker was ended, and the image is not one a profile may have.
    return { msg: `${task.label} needs more memory or time to read than a profile image may; save a smaller image.` };
  }
}

/**
 * Checks that each saved image decodes and prints (a 400 naming the field otherwise, so a broken image can
 * never make every later PDF fail), and answers the copies the PDFs draw: PNGs flattened, JPEGs as they are.
 * The decoding runs in a worker thread with a memory cap, one image at a time, so the request thread keeps
 * answering meanwhile. The profile keeps the images as uploaded, for the screen and for saving again.
 */
export async function printImages(profile: BusinessProfile): Promise<PrintImages> {
  const images = { logo: '', signature: '' };
  for (const key of Object.keys(PROFILE_IMAGE_LABELS) as ImageKey[]) {
    if (profile[key] === '') continue;
    const answer = await decodeInWorker({ dataUrl: profile[key], label: PROFILE_IMAGE_LABELS[key] });
    if ('msg' in answer) throw badRequest(answer.msg);
    images[key] = answer.image;
  }
  return images;
}
