import { sellerProfile, type SellerProfile } from '../../engine/core';
import type { Storage } from '../storage';

/**
 * The seller a unit's PDFs print: its saved business profile with the images as the PDFs draw them, named by
 * its version (renderers cache decoded images under it); undefined while the unit has none saved, and the
 * PDF uses units.json's letterhead.
 */
export async function printedSeller(storage: Storage, unit: string): Promise<SellerProfile | undefined> {
  const saved = await storage.profiles.find(unit);
  if (!saved) return undefined;
  return sellerProfile({ ...saved.profile, ...saved.printImages }, `${unit}:${saved.version}`);
}
