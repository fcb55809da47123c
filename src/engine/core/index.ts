export { SchemaError, isSchema, type Schema } from './schema/json-schema';
export { resolveSchema, type SchemaFiles } from './schema/resolve';
export { readRegistry, registryLookups, type Registry, type RegistryIndex } from './registry/registry';
export { filesOfBillType, readIndexedBillType, readRegistryIndex, registryIndexData, type RegistryIndexData } from './registry/registry-index';
export { createRegistry, type RegistryOptions } from './registry/checked-registry';
export { META_KEYS, type CompileSchema, type CompiledValidator, type SchemaViolation } from './registry/compiled-validator';
export type * from './registry/types';
export { withoutExtensions } from './registry/field-spec';
export { validateBill, type ValidationResult } from './validate';
export { lineCount } from './line-count';
export { lookupTable, ownValue } from './own-keys';
export * from './money';
export { coerceNumber, coerceNumbers, isNumberField } from './numbers';
export * from './gst';
export { GST_STATES } from './gst-states';
export * from './rows';
export * from './totals';
export * from './buyer-details';
export * from './bill-figures';
export * from './periods';
export * from './gst-returns';
export * from './document-kind';
export * from './document-words';
export * from './stored-bill';
export { pdfFileName, billPdfFileName, safeFileName } from './pdf-file-name';
export { hasVisibleText, normalizeText } from './visible-text';
export * from './list-rows';
export { unitOfMeasure } from './units-of-measure';
export * from './business-profile';
export * from './printed-number';
export * from './financial-year';
export * from './number-series';
export * from './series-settings';
export * from './clients';
export { DEFAULT_GST_RATES, gstRatesOf, checkMessage } from './field-checks';
export {
  CONTRACTS_FILE,
  CONTRACT_STATUSES,
  contractBillTypes,
  defaultContractBillType,
  readContractsSpec,
  type ContractsSpec,
  type ContractStatus,
  type ContractFrequency,
  type ContractMessage,
} from './registry/contracts';
export { PAYMENTS_FILE, readPaymentsSpec, type PaymentsSpec, type ReceiptTexts, type StatementTexts, type PaymentMessage, type TdsSpec, type TdsSection, type TdsMessage } from './registry/payments';
export * from './balance';
export * from './payment-check';
export * from './reminder';
export * from './eway-bill';
export { EWAY_BILL_LIMITS, ewayBillLimit } from './eway-bill-limits';
export * from './portal-replies';
export * from './e-invoice';
export * from './gstr3b';
export * from './tally';
export * from './audit-change';
export * from './advance-tax';
export { addDays, addMonths, contractCycles, contractLastDay, shortestCycleDays, type ContractCycle, type ContractPlan } from './contract-schedule';
