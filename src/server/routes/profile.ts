import type { FastifyInstance } from 'fastify';
import { needsOnUnit } from '../auth/access';
import { checkSeriesSettings, defaultProfile, sellerProfile, sellerStateCode, shortNumberWarnings } from '../../engine/core';
import { checkProfile } from '../../engine/core/profile-check';
import { operatorOf } from '../auth/authenticate';
import { fillStoredBillFigures } from '../bills/figures';
import { bodyOf } from '../http/body';
import { badRequest } from '../http/errors';
import { printImages } from '../profile/print-images';
import { printedSeller } from '../profile/seller';
import type { RouteContext } from './context';

/** Two images of 300 KB travel as base64 in the JSON body: more than the 1 MB every other call allows. */
export const PROFILE_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * `/api/{unit}/getprofile` and `/api/{unit}/saveprofile` for every unit: the business profile the letterhead,
 * bank block, UPI QR and terms print from. A unit never saved answers its units.json letterhead.
 */
export function profileRoutes(app: FastifyInstance, { registry, storage }: RouteContext): void {
  for (const unit of registry.units) {
    app.post(`/api/${unit.slug}/getprofile`, needsOnUnit('profile.read', unit.slug), async () => {
      const saved = await storage.profiles.find(unit.slug);
      const profile = saved?.profile ?? defaultProfile(unit.letterhead);
      const { version, ...answer } = sellerProfile(profile, String(saved?.version ?? 0));
      const series = await storage.series.formats(unit.slug);
      const unitTypes = registry.billTypes.filter((billType) => billType.unit === unit.slug);
      const warnings = profile.einvoicing ? shortNumberWarnings(unitTypes, series) : [];
      return { profile: { ...answer, series, warnings, saved: saved !== undefined, version: Number(version) } };
    });

    app.post(`/api/${unit.slug}/saveprofile`, { ...needsOnUnit('profile.write', unit.slug), bodyLimit: PROFILE_BODY_LIMIT }, async (request) => {
      const { series, ...fields } = bodyOf(request);
      // The number series (issue 27) are saved beside the profile: the types named change, the others stay.
      // A body of series alone changes only them; nothing is saved unless everything sent passes.
      const unitTypes = registry.billTypes.filter((billType) => billType.unit === unit.slug);
      const seriesChecked = series === undefined ? undefined : checkSeriesSettings(unitTypes, series, await storage.series.formats(unit.slug));
      if (seriesChecked && !seriesChecked.ok) throw badRequest(seriesChecked.msg);
      const seriesOnly = seriesChecked !== undefined && Object.keys(fields).length === 0;
      const checked = seriesOnly ? undefined : checkProfile(fields);
      if (checked && !checked.ok) throw badRequest(checked.msg);
      const saveSeries = () => seriesChecked && storage.series.save(unit.slug, seriesChecked.series, operatorOf(request).email);
      if (!checked) {
        await saveSeries();
        return { msg: `The ${unit.menuLabel} number series have been saved.` };
      }
      const images = await printImages(checked.profile);
      const stateBefore = sellerStateCode(unit, await printedSeller(storage, unit.slug));
      await saveSeries();
      await storage.profiles.save(unit.slug, checked.profile, images, operatorOf(request).email);
      // A new seller state turns CGST + SGST into IGST (or back) on every bill the unit re-prints: the stored
      // figures the reports read follow, so a report never disagrees with the PDF of the same bill.
      if (sellerStateCode(unit, sellerProfile(checked.profile, '')) !== stateBefore) {
        await fillStoredBillFigures(registry, storage, unit.slug);
      }
      return { msg: `The ${unit.menuLabel} business profile has been saved.` };
    });
  }
}
