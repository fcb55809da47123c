import { useEffect, useState } from 'react';
import type { Unit } from '../../engine/core';
import { checkMailSettings, DEFAULT_MAIL_SETTINGS, MAIL_SECURITY, type MailSettings } from '../../engine/core/mail-settings';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { showErrorToast, showSuccessToast } from '../ui/toasts';

type Field = Exclude<keyof MailSettings, 'port' | 'security'>;
const TEXT_FIELDS: [Field, string, string][] = [
  ['host', 'Mail server', 'smtp.gmail.com'],
  ['user', 'User name', 'billing@alfadiesel.in'],
  ['fromname', 'From name', 'Alfa Diesel Accounts'],
  ['fromaddress', 'From address', 'billing@alfadiesel.in'],
  ['replyto', 'Reply-to', 'accounts@alfadiesel.in'],
];

/**
 * A unit's mail server on its Business Profile (issue 32), saved apart from the profile: the password is never
 * shown, and left empty it keeps the saved one. "Send test e-mail" answers with the mail server's own words.
 */
export function MailSettingsForm({ unit }: { unit: Unit }) {
  // Issue 45: a role that may not change the mail settings sees them (never the password), without Save or a test send.
  const mayChange = useCan()('mail.settings.write');
  const { mail } = useApi();
  const [settings, setSettings] = useState<MailSettings>(DEFAULT_MAIL_SETTINGS);
  const [passwordSet, setPasswordSet] = useState(false);
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const [testTo, setTestTo] = useState('');
  const [busy, setBusy] = useState<'save' | 'test'>();

  useEffect(() => {
    let current = true;
    mail.settings(unit.slug).then(
      ({ passwordset, saved: _saved, ...answer }) => {
        if (!current) return;
        setSettings(answer);
        setPasswordSet(passwordset);
      },
      (error: Error) => showErrorToast(error.message),
    );
    return () => {
      current = false;
    };
  }, [mail, unit.slug]);

  const id = (field: string) => `mail-${unit.slug}-${field}`;
  const save = async () => {
    const sent = { ...settings, ...(password !== '' && { password }) };
    const checked = checkMailSettings(sent);
    if (!checked.ok) {
      setInvalid(checked.field);
      document.getElementById(id(checked.field))?.focus();
      showErrorToast(checked.msg);
      return;
    }
    setBusy('save');
    try {
      showSuccessToast(await mail.saveSettings(unit.slug, sent));
      if (password !== '') setPasswordSet(true);
      setPassword('');
      setInvalid(undefined);
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };
  const test = async () => {
    setBusy('test');
    try {
      showSuccessToast(await mail.testMail(unit.slug, testTo.trim()));
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const input = (field: Field, label: string, example: string) => (
    <div key={field} className="profile__field">
      <label htmlFor={id(field)}>{label}</label>
      <input
        id={id(field)}
        type={field === 'host' || field === 'fromname' ? 'text' : 'email'}
        value={settings[field]}
        placeholder={example}
        aria-invalid={invalid === field || undefined}
        onChange={(event) => setSettings({ ...settings, [field]: event.target.value })}
      />
    </div>
  );

  return (
    <form
      className="profile profile--mail"
      inert={!mayChange}
      aria-label={`E-mail settings · ${unit.menuLabel}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2>E-mail settings</h2>
      <p className="profile__hint">
        The mail server bills are sent through (Send by e-mail). Ask your e-mail provider for these.
      </p>
      <div className="profile__fields">
        {input(...TEXT_FIELDS[0])}
        <div className="profile__field">
          <label htmlFor={id('port')}>Port</label>
          <input
            id={id('port')}
            inputMode="numeric"
            value={String(settings.port)}
            aria-invalid={invalid === 'port' || undefined}
            onChange={(event) =>
              setSettings({
                ...settings,
                port: /^\d{1,5}$/.test(event.target.value)
                  ? Number(event.target.value)
                  : (event.target.value as unknown as number),
              })
            }
          />
        </div>
        <div className="profile__field">
          <label htmlFor={id('security')}>Security</label>
          <select
            id={id('security')}
            value={settings.security}
            onChange={(event) =>
              setSettings({
                ...settings,
                security: event.target.value as MailSettings['security'],
              })
            }
          >
            {Object.entries(MAIL_SECURITY).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {input(...TEXT_FIELDS[1])}
        <div className="profile__field">
          <label htmlFor={id('password')}>Password</label>
          <input
            id={id('password')}
            type="password"
            autoComplete="new-password"
            value={password}
            placeholder={passwordSet ? 'Saved (type to change)' : ''}
            aria-invalid={invalid === 'password' || undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {TEXT_FIELDS.slice(2).map((field) => input(...field))}
      </div>
      {mayChange && (
        <button type="submit" className="button button--primary" disabled={busy !== undefined}>
          {busy === 'save' ? 'Please Wait' : 'Save E-mail Settings'}
        </button>
      )}
      <div className="profile__field profile__test-mail" hidden={!mayChange}>
        <label htmlFor={id('testto')}>Send a test e-mail to</label>
        <input id={id('testto')} type="email" value={testTo} onChange={(event) => setTestTo(event.target.value)} />
        <button
          type="button"
          className="button"
          disabled={busy !== undefined || testTo.trim() === ''}
          onClick={() => void test()}
        >
          {busy === 'test' ? 'Please Wait' : 'Send test e-mail'}
        </button>
      </div>
    </form>
  );
}
