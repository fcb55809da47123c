import { useCallback, useEffect, useId, useState } from 'react';
import { useApi } from '../api/ApiContext';
import { displayDate } from '../bills/format-date';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { OperatorForm, type OperatorFormMode } from './OperatorForm';
import type { OperatorRow, OperatorsList } from './operators-api';

/** "All units" or the units' names. */
function unitsText(list: OperatorsList, units: string[] | null): string {
  if (units === null) return 'All units';
  return units.map((slug) => list.units.find((unit) => unit.slug === slug)?.label ?? slug).join(', ');
}

function statusText(operator: OperatorRow): string {
  if (operator.disabled) return 'Disabled';
  return operator.mustChangePassword ? 'First password not yet changed' : 'Active';
}

/**
 * The Operators screen (issue 45), for roles with `operators.manage`: who may sign in, with their role and units;
 * add one with a first password, change role and units, disable or enable, reset a password. The server keeps
 * the last enabled owner and says so when asked to change them.
 */
export default function OperatorsPage() {
  const { operators: api } = useApi();
  const id = useId();
  const [list, setList] = useState<OperatorsList>();
  const [editing, setEditing] = useState<OperatorFormMode | null>(null);

  const reload = useCallback(() => {
    api.list().then(setList, (error: Error) => showErrorToast(error.message));
  }, [api]);
  useEffect(reload, [reload]);

  const setDisabled = async (operator: OperatorRow, disabled: boolean) => {
    try {
      showSuccessToast(await api.update(operator.email, { disabled }));
      reload();
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  const roleLabel = (name: string) => list?.roles.find((role) => role.name === name)?.label ?? name;
  return (
    <section className="list-page operators-page" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>Operators</h1>
        <button type="button" className="button button--primary" onClick={() => setEditing({ kind: 'add' })}>
          Add Operator
        </button>
      </div>
      {editing && list && (
        <OperatorForm
          key={editing.kind === 'add' ? 'add' : `${editing.kind}-${editing.operator.email}`}
          mode={editing}
          choices={list}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {!list ? (
        <p className="page-loading">Please Wait</p>
      ) : (
        <div className="table-scroll">
          <table className="bill-table client-table card-table">
            <caption className="visually-hidden">Operators</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Units</th>
                <th scope="col">Status</th>
                <th scope="col">Added</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.operators.map((operator) => (
                <tr key={operator.email} className={operator.disabled ? 'operator-row--disabled' : undefined}>
                  <td className="col-clientname card-value" data-label="Email">
                    {operator.email}
                  </td>
                  <td className="card-value" data-label="Role">
                    {roleLabel(operator.role)}
                  </td>
                  <td className="col-wrap card-value" data-label="Units">
                    {unitsText(list, operator.units)}
                  </td>
                  <td className="col-wrap card-value" data-label="Status">
                    {statusText(operator)}
                  </td>
                  <td className="card-value" data-label="Added">
                    {displayDate(operator.createdAt.slice(0, 10))}
                  </td>
                  <td className="client-actions card-actions">
                    <button type="button" className="button button--small" aria-label={`Change role of ${operator.email}`} onClick={() => setEditing({ kind: 'edit', operator })}>
                      Role
                    </button>
                    <button type="button" className="button button--small" aria-label={`Reset password of ${operator.email}`} onClick={() => setEditing({ kind: 'reset', operator })}>
                      Reset Password
                    </button>
                    <button
                      type="button"
                      className={operator.disabled ? 'button button--small' : 'button button--small button--danger'}
                      aria-label={`${operator.disabled ? 'Enable' : 'Disable'} ${operator.email}`}
                      onClick={() => void setDisabled(operator, !operator.disabled)}
                    >
                      {operator.disabled ? 'Enable' : 'Disable'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
