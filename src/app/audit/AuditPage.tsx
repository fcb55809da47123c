import { useEffect, useId, useState } from 'react';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { Pagination } from '../bills/Pagination';
import { downloadBlob } from '../ui/download';
import { showErrorToast } from '../ui/toasts';
import type { AuditFilters, AuditPage as AuditAnswer } from './audit-api';
import { AuditFilterBar } from './AuditFilterBar';
import { AuditTable } from './AuditTable';
import { VerifyChain } from './VerifyChain';
import '../styles/audit.css';

const FIRST_PAGE_SIZE = 50;

/**
 * The Audit screen (issue 45), for roles with `audit.read`: every change on record, newest first, filtered by day,
 * operator, document and action, paged as the lists are, as CSV, and for `audit.verify` the chain's check.
 */
export default function AuditPage() {
  const { audit } = useApi();
  const can = useCan();
  const id = useId();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(FIRST_PAGE_SIZE);
  const [answer, setAnswer] = useState<AuditAnswer>();
  const [loading, setLoading] = useState(true);
  const valid = !filters.from || !filters.to || filters.from <= filters.to;

  useEffect(() => {
    if (!valid) return;
    let current = true;
    setLoading(true);
    audit
      .list(filters, page, pageSize)
      .then((found) => current && setAnswer(found), (error: Error) => current && showErrorToast(error.message))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [audit, filters, page, pageSize, valid]);

  const filter = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };
  const downloadCsv = async () => {
    try {
      const { blob, fileName } = await audit.csv(filters);
      downloadBlob(blob, fileName);
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };
  const pageCount = answer ? Math.ceil(answer.total / pageSize) : 0;

  return (
    <section className="list-page audit-page" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>Audit</h1>
        <button type="button" className="button" disabled={!valid} onClick={() => void downloadCsv()}>
          Download CSV
        </button>
      </div>
      {can('audit.verify') && <VerifyChain />}
      <AuditFilterBar filters={filters} choices={answer} onChange={filter} />
      {!valid ? (
        <p className="empty-state">Pick a period whose start is not after its end.</p>
      ) : !answer ? (
        <p className="page-loading">Please Wait</p>
      ) : answer.entries.length === 0 ? (
        <p className="empty-state">No changes on record{Object.values(filters).some(Boolean) ? ' match these filters' : ' yet'}.</p>
      ) : (
        <>
          <AuditTable entries={answer.entries} />
          <Pagination
            pageIndex={page - 1}
            pageCount={pageCount}
            pageSize={pageSize}
            total={answer.total}
            canPrevious={page > 1}
            canNext={page < pageCount}
            onPrevious={() => setPage(page - 1)}
            onNext={() => setPage(page + 1)}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
    </section>
  );
}
