import { useEffect, useState, type ChangeEvent } from 'react';
import { checkSeriesSettings, DEFAULT_TALLY_LEDGERS, PROFILE_IMAGE_LABELS, shortNumberWarnings, type BusinessProfile, type ImageKey, type Unit } from '../../engine/core';
import { checkProfile, imageProblem, PROFILE_TEXT_RULES } from '../../engine/core/profile-check';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { registry } from '../registry';
import { MailSettingsForm } from './MailSettingsForm';
import { SeriesSettings } from './SeriesSettings';
import { gstinHint } from '../ui/gstin-hint';
import { showErrorToast, showSuccessToast } from '../ui/toasts';

type TextKey = Exclude<keyof BusinessProfile, ImageKey>;
const MULTI_LINE = new Set<TextKey>(['address', 'terms']);

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const GSTIN_EMPTY_HINT = 'Optional: the state name and code are read from it.';

/** What the operator is told under a field as they type. */
const HINTS: Partial<Record<TextKey, (profile: BusinessProfile) => string>> = {
  gstin: (profile) => gstinHint(profile.gstin, GSTIN_EMPTY_HINT),
  ifsc: () => '4 letters, 0, then 6 letters or digits',
  upiId: () => 'e.g. alfadiesel@okaxis: bills print a QR code to pay the total',
  creditdays: () => 'Days after the bill date a bill falls due, for clients without credit days of their own (empty: due at once)',
  einvoicing: () => 'With a turnover of ₹10 crore or more, e-invoice exports older than 30 days warn',
  tallySales: () => `The accountant's Tally ledger names (empty: "${DEFAULT_TALLY_LEDGERS.sales}", {rate} is the GST rate)`,
  tallyCgst: () => `Empty: "${DEFAULT_TALLY_LEDGERS.cgst}"`,
  tallySgst: () => `Empty: "${DEFAULT_TALLY_LEDGERS.sgst}"`,
  tallyIgst: () => `Empty: "${DEFAULT_TALLY_LEDGERS.igst}"`,
  tallyRoundOff: () => `Empty: "${DEFAULT_TALLY_LEDGERS.roundOff}"`,
  tallyReceipts: () => `Where payments received go (empty: "${DEFAULT_TALLY_LEDGERS.receipts}", or the bank's ledger)`,
  tallyTds: () => `Empty: "${DEFAULT_TALLY_LEDGERS.tds}"`,
  pdfPage: () => 'The sheet the bills print on; an 80 mm roll is a thermal printer\'s, one column cut to the bill\'s length',
};

/**
 * A unit's business profile: the letterhead, bank and UPI details, terms, logo and signature that every
 * bill screen and PDF of the unit print. Checked here with the server's own rules, saved with saveprofile.
 */
export default function ProfilePage({ unit }: { unit: Unit }) {
  // Issue 45: a role that may not change the profile sees it read-only, without Save.
  const mayChange = useCan()('profile.write');
  const api = useApi();
  const [profile, setProfile] = useState<BusinessProfile>();
  const [saved, setSaved] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  /** The field the last check found wrong: marked, and focused so the operator can correct it at once. */
  const [invalid, setInvalid] = useState<string>();
  const [series, setSeries] = useState<Record<string, string>>({});
  const [savedSeries, setSavedSeries] = useState<Record<string, string>>({});
  const unitTypes = registry.billTypes.filter((billType) => billType.unit === unit.slug);

  useEffect(() => {
    let current = true;
    setLoadError(undefined);
    api.getProfile(unit.slug).then(
      ({ saved: wasSaved, version: _version, stateName: _name, stateCode: _code, series: loadedSeries, warnings: _warnings, ...loaded }) => {
        if (!current) return;
        setProfile(loaded);
        setSeries(loadedSeries ?? {});
        setSavedSeries(loadedSeries ?? {});
        setSaved(wasSaved);
      },
      (error: Error) => current && setLoadError(error.message),
    );
    return () => {
      current = false;
    };
  }, [api, unit.slug, attempt]);

  if (loadError !== undefined && !profile) {
    return (
      <div className="profile" role="alert">
        <h1>Business Profile · {unit.menuLabel}</h1>
        <p>The business profile could not be loaded: {loadError}</p>
        <button type="button" className="button" onClick={() => setAttempt(attempt + 1)}>
          Try again
        </button>
      </div>
    );
  }
  if (!profile) return <p className="page-loading">Please Wait</p>;
  const setField = (key: keyof BusinessProfile, value: string) => {
    if (key === invalid) setInvalid(undefined);
    setProfile({ ...profile, [key]: value });
  };

  const chooseImage = async (key: ImageKey, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const dataUrl = await readAsDataUrl(file);
    const problem = imageProblem(key, dataUrl);
    if (problem) {
      setInvalid(key);
      showErrorToast(problem);
    } else setField(key, dataUrl);
  };

  const save = async () => {
    const checked = checkProfile(profile);
    if (!checked.ok) {
      setInvalid(checked.field);
      document.getElementById(`profile-${checked.field}`)?.focus();
      return showErrorToast(checked.msg);
    }
    const defaults = Object.fromEntries(unitTypes.map((billType) => [billType.type, billType.series]));
    const seriesChecked = checkSeriesSettings(unitTypes, series, defaults);
    if (!seriesChecked.ok) {
      const id = `profile-series-${seriesChecked.type ?? ''}`;
      setInvalid(id);
      document.getElementById(id)?.focus();
      return showErrorToast(seriesChecked.msg);
    }
    setSaving(true);
    try {
      showSuccessToast(await api.saveProfile(unit.slug, { ...checked.profile, series: seriesChecked.series }));
      setProfile(checked.profile);
      setSavedSeries(seriesChecked.series);
      setSaved(true);
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <form className="profile" inert={!mayChange} onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <h1>Business Profile · {unit.menuLabel}</h1>
        {!saved && (
          <p className="profile__note" role="note">
            Not saved yet: bills print these default values (units.json) until the profile is saved.
          </p>
        )}
        <div className="profile__fields">
          {(Object.keys(PROFILE_TEXT_RULES) as TextKey[]).map((key) => {
            const rule = PROFILE_TEXT_RULES[key];
            const id = `profile-${key}`;
            const hint = HINTS[key]?.(profile);
            const common = {
              id,
              maxLength: rule.maxLength,
              value: profile[key],
              'aria-invalid': invalid === key || undefined,
              'aria-describedby': hint ? `${id}-hint` : undefined,
              onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setField(key, event.target.value),
            };
            const control = rule.choices ? (
              <select id={id} value={profile[key]} aria-invalid={common['aria-invalid']} aria-describedby={common['aria-describedby']} onChange={(event) => setField(key, event.target.value)}>
                {Object.entries(rule.choices).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
              </select>
            ) : MULTI_LINE.has(key) ? <textarea rows={3} {...common} /> : <input {...common} />;
            return (
              <div key={key} className={MULTI_LINE.has(key) ? 'profile__field profile__field--wide' : 'profile__field'}>
                <label htmlFor={id}>{rule.label}{rule.required ? ' *' : ''}</label>
                {control}
                {hint && <small id={`${id}-hint`} className="profile__hint">{hint}</small>}
              </div>
            );
          })}
          {(Object.keys(PROFILE_IMAGE_LABELS) as ImageKey[]).map((key) => (
            <div key={key} className="profile__field profile__image">
              <label htmlFor={`profile-${key}`}>{PROFILE_IMAGE_LABELS[key]} (PNG or JPEG, at most 300 KB)</label>
              <input id={`profile-${key}`} type="file" accept="image/png,image/jpeg" aria-invalid={invalid === key || undefined} onChange={(event) => void chooseImage(key, event)} />
              {profile[key] !== '' && (
                <div className="profile__preview">
                  <img src={profile[key]} alt={`${PROFILE_IMAGE_LABELS[key]} preview`} />
                  <button type="button" className="button button--small" onClick={() => setField(key, '')}>
                    Remove {PROFILE_IMAGE_LABELS[key]}
                  </button>
                </div>
              )}
            </div>
          ))}
        </div>
        {profile.einvoicing !== '' &&
          shortNumberWarnings(unitTypes, series).map((warning) => (
            <p key={warning} className="profile__note" role="note">
              {warning}
            </p>
          ))}
        <SeriesSettings
          billTypes={unitTypes}
          series={series}
          savedSeries={savedSeries}
          invalid={invalid}
          onChange={(type, format) => {
            if (invalid === `profile-series-${type}`) setInvalid(undefined);
            setSeries({ ...series, [type]: format });
          }}
        />
        {mayChange && (
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Please Wait' : 'Save Profile'}
          </button>
        )}
      </form>
      <MailSettingsForm unit={unit} />
    </>
  );
}
