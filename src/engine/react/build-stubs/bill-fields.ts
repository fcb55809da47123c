/**
 * Stands in for rjsf core's default field list in the browser build (vite.config.ts aliases its
 * `./components/fields/index.js` here). A bill's schema is one object of plain header fields (strings
 * and numbers) and lists of rows that the theme's own fields render (theme/ui-schema.ts), with no
 * anyOf/oneOf: rjsf's array, multi-schema and layout-grid fields never render, so only these stay.
 */
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import CyclicSchemaField from '@rjsf/core/lib/components/fields/CyclicSchemaField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';

export default function fields() {
  return {
    BooleanField,
    CyclicSchemaField,
    FallbackField,
    NullField,
    NumberField,
    ObjectField,
    OptionalDataControlsField,
    SchemaField,
    StringField,
  };
}
