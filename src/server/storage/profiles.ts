import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { LATER_PROFILE_FIELDS, type BusinessProfile, type ImageKey } from '../../engine/core';
import { writeAudit } from './audit';
import type { Db } from './tables';

/** A unit's saved business profile and its version (1 for the first save, one more for each later one). */
export interface SavedProfile {
  profile: BusinessProfile;
  /** The images as the PDFs draw them. */
  printImages: Record<ImageKey, string>;
  version: number;
}

const IMAGE_KEYS: ImageKey[] = ['logo', 'signature'];

/** The audit log names images by size and SHA-256 rather than copying up to 600 KB into every row. */
function audited(profile: BusinessProfile | undefined): object | null {
  if (!profile) return null;
  const copy: Record<string, unknown> = { ...profile };
  for (const key of IMAGE_KEYS) {
    const value = profile[key];
    if (value !== '') copy[key] = { bytes: Buffer.byteLength(value.slice(value.indexOf(',') + 1), 'base64'), sha256: createHash('sha256').update(value).digest('hex') };
  }
  return copy;
}

/**
 * Business profiles, one per unit. Reading one asks the database only for its version and parses the stored
 * JSON again only when that changed, so printing a bill costs one tiny query (several servers may share a
 * PostgreSQL database, so a server cannot keep a copy without asking).
 */
export function profileStore(db: Db) {
  const parsed = new Map<string, SavedProfile>();

  async function find(unit: string): Promise<SavedProfile | undefined> {
    const row = await db.selectFrom('business_profiles').select('version').where('unit', '=', unit).executeTakeFirst();
    if (!row) return undefined;
    const cached = parsed.get(unit);
    if (cached?.version === Number(row.version)) return cached;
    const full = await db.selectFrom('business_profiles').select(['version', 'profile', 'print_images']).where('unit', '=', unit).executeTakeFirst();
    if (!full) return undefined;
    const saved: SavedProfile = {
      // A profile saved before a field existed (creditdays, issue 29; place and pincode, issue 33; issue 49's) answers it empty.
      profile: { ...LATER_PROFILE_FIELDS, ...(JSON.parse(full.profile) as Partial<BusinessProfile>) } as BusinessProfile,
      printImages: JSON.parse(full.print_images) as Record<ImageKey, string>,
      version: Number(full.version),
    };
    parsed.set(unit, saved);
    return saved;
  }

  return {
    find,

    /** The units that have a saved profile. */
    async savedUnits(): Promise<string[]> {
      const rows = await db.selectFrom('business_profiles').select('unit').execute();
      return rows.map((row) => row.unit);
    },

    /** Saves a checked profile with its audit row, in one transaction; answers the new version. */
    async save(unit: string, profile: BusinessProfile, printImages: Record<ImageKey, string>, operator: string): Promise<number> {
      const at = new Date().toISOString();
      const json = JSON.stringify(profile);
      const images = JSON.stringify(printImages);
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('business_profiles').select('profile').where('unit', '=', unit).executeTakeFirst();
        const saved = await trx
          .insertInto('business_profiles')
          .values({ unit, profile: json, print_images: images, version: 1, updated_at: at, updated_by: operator })
          .onConflict((conflict) =>
            conflict.column('unit').doUpdateSet({
              profile: json,
              print_images: images,
              version: sql<number>`business_profiles.version + 1`,
              updated_at: at,
              updated_by: operator,
            }),
          )
          .returning('version')
          .executeTakeFirstOrThrow();
        const previous = before ? (JSON.parse(before.profile) as BusinessProfile) : undefined;
        await writeAudit(trx, 'profile', operator, { unit, type: 'profile', billno: 0 }, audited(previous), audited(profile));
        return Number(saved.version);
      });
    },
  };
}

export type ProfileStore = ReturnType<typeof profileStore>;
