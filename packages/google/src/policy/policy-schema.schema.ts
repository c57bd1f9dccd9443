import { z } from 'zod';
import { googleDateSchema, openEnum } from '../wire-types.ts';

/** The Chrome Policy `PolicySchema` resource and `policySchemas.list` page (reference §3.4). */

const str = z.string().optional();

const fieldDescriptorSchema = z.object({
  name: str,
  number: z.number().int().optional(),
  label: str,
  type: str,
  typeName: str,
  jsonName: str,
  defaultValue: str,
});

const enumDescriptorSchema = z.object({
  name: str,
  value: z.array(z.object({ name: str, number: z.number().int().optional() })).optional(),
});

interface MessageDescriptor {
  name?: string | undefined;
  field?: z.infer<typeof fieldDescriptorSchema>[] | undefined;
  nestedType?: MessageDescriptor[] | undefined;
  enumType?: z.infer<typeof enumDescriptorSchema>[] | undefined;
}

/** A proto `DescriptorProto`; nested message types make it recursive. */
const messageDescriptorSchema: z.ZodType<MessageDescriptor> = z.lazy(() =>
  z.object({
    name: str,
    field: z.array(fieldDescriptorSchema).optional(),
    nestedType: z.array(messageDescriptorSchema).optional(),
    enumType: z.array(enumDescriptorSchema).optional(),
  }),
);

/** The schema `definition`: a proto2 FileDescriptorProto. */
export const policyDefinitionSchema = z.object({
  name: str,
  package: str,
  syntax: str,
  messageType: z.array(messageDescriptorSchema).optional(),
  enumType: z.array(enumDescriptorSchema).optional(),
});

const fieldDependencySchema = z.object({ sourceField: str, sourceFieldValue: str });

interface FieldDescription {
  field?: string | undefined;
  name?: string | undefined;
  fieldDescription?: string | undefined;
  description?: string | undefined;
  defaultValue?: unknown;
  inputConstraint?: string | undefined;
  knownValueDescriptions?:
    | {
        value?: string | undefined;
        description?: string | undefined;
        fieldDependencies?: unknown[] | undefined;
      }[]
    | undefined;
  nestedFieldDescriptions?: FieldDescription[] | undefined;
  fieldDependencies?: z.infer<typeof fieldDependencySchema>[] | undefined;
  requiredItems?:
    { fieldConditions?: string[] | undefined; requiredFields?: string[] | undefined }[] | undefined;
  fieldConstraints?: Record<string, unknown> | undefined;
}

const fieldDescriptionSchema: z.ZodType<FieldDescription> = z.lazy(() =>
  z.object({
    field: str,
    name: str,
    fieldDescription: str,
    description: str,
    defaultValue: z.unknown().optional(),
    inputConstraint: str,
    knownValueDescriptions: z
      .array(z.object({ value: str, description: str, fieldDependencies: z.array(z.unknown()).optional() }))
      .optional(),
    nestedFieldDescriptions: z.array(fieldDescriptionSchema).optional(),
    fieldDependencies: z.array(fieldDependencySchema).optional(),
    requiredItems: z
      .array(
        z.object({
          fieldConditions: z.array(z.string()).optional(),
          requiredFields: z.array(z.string()).optional(),
        }),
      )
      .optional(),
    fieldConstraints: z.record(z.string(), z.unknown()).optional(),
  }),
);

export const POLICY_API_LIFECYCLE_STAGES = [
  'API_UNSPECIFIED',
  'API_PREVIEW',
  'API_DEVELOPMENT',
  'API_CURRENT',
  'API_DEPRECATED',
] as const;

export const POLICY_PLATFORMS = [
  'PLATFORM_UNSPECIFIED',
  'CHROME_OS',
  'CHROME_BROWSER',
  'CHROME_BROWSER_FOR_ANDROID',
  'CHROME_BROWSER_FOR_IOS',
] as const;

export const POLICY_TARGET_RESOURCES = ['TARGET_RESOURCE_UNSPECIFIED', 'ORG_UNIT', 'GROUP'] as const;

export const policySchemaSchema = z.object({
  /** `customers/{customer}/policySchemas/{schemaName}`. */
  name: str,
  schemaName: str,
  policyDescription: str,
  categoryTitle: str,
  supportUri: str,
  accessRestrictions: z.array(z.string()).optional(),
  additionalTargetKeyNames: z.array(z.object({ key: str, keyDescription: str })).optional(),
  definition: policyDefinitionSchema.optional(),
  fieldDescriptions: z.array(fieldDescriptionSchema).optional(),
  notices: z
    .array(
      z.object({
        field: str,
        noticeValue: str,
        noticeMessage: str,
        acknowledgementRequired: z.boolean().optional(),
      }),
    )
    .optional(),
  policyApiLifecycle: z
    .object({
      policyApiLifecycleStage: openEnum(POLICY_API_LIFECYCLE_STAGES).optional(),
      description: str,
      endSupport: googleDateSchema.optional(),
      deprecatedInFavorOf: z.array(z.string()).optional(),
      scheduledToDeprecatePolicies: z.array(z.string()).optional(),
    })
    .optional(),
  supportedPlatforms: z.array(openEnum(POLICY_PLATFORMS)).optional(),
  validTargetResources: z.array(openEnum(POLICY_TARGET_RESOURCES)).optional(),
});
export type PolicySchema = z.infer<typeof policySchemaSchema>;

export const policySchemasPageSchema = z.object({
  policySchemas: z.array(policySchemaSchema).optional(),
  nextPageToken: z.string().optional(),
});
export type PolicySchemasPage = z.infer<typeof policySchemasPageSchema>;
