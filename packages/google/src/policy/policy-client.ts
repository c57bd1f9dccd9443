import { z } from 'zod';
import { customerResource } from '../google-ids.ts';
import { trimBaseUrl } from '../google-hosts.ts';
import { iterateItems, iteratePages, type Page } from '../http/pagination.ts';
import type { CallOptions, GoogleTransport } from '../http/transport.ts';
import {
  type PolicySchema,
  policySchemaSchema,
  type PolicySchemasPage,
  policySchemasPageSchema,
} from './policy-schema.schema.ts';
import {
  batchInheritRequestSchema,
  batchModifyRequestSchema,
  type InheritOrgUnitPolicyRequest,
  type ModifyOrgUnitPolicyRequest,
  POLICY_PAGE_SIZE,
  policySchemaFilterSchema,
  type PolicyTargetKey,
  policyTargetKeySchema,
  type ResolvedPolicy,
  type ResolvePoliciesPage,
  resolvePoliciesPageSchema,
} from './policy.schema.ts';

/** Typed calls to the Chrome Policy API: resolve, schemas and OU writes (reference §3). */

export interface ChromePolicyClientOptions {
  /** API root, `https://chromepolicy.googleapis.com` by default. */
  baseUrl: string;
  /** `my_customer`, `C…`, or a raw ID (a `C` is added as GAM does). */
  customerId: string;
}

export interface ResolvePoliciesQuery {
  /** A schema name or a leaf wildcard such as `chrome.users.*`. */
  policySchemaFilter: string;
  /** `{ targetResource: 'orgunits/<bare id>' }`; see `orgUnitTargetResource`. */
  policyTargetKey: PolicyTargetKey;
  pageSize?: number | undefined;
  pageToken?: string | undefined;
}

export interface ListPolicySchemasQuery {
  /** Google's schema filter, e.g. `namespace=chrome.users`. */
  filter?: string | undefined;
  pageSize?: number | undefined;
  pageToken?: string | undefined;
}

const pageSizeSchema = z.number().int().min(1).max(POLICY_PAGE_SIZE.max).optional();
const pageTokenSchema = z.string().max(4096).optional();
const emptyResponseSchema = z.unknown();

export class ChromePolicyClient {
  readonly #transport: GoogleTransport;
  readonly #customerUrl: string;

  constructor(transport: GoogleTransport, options: ChromePolicyClientOptions) {
    this.#transport = transport;
    this.#customerUrl = `${trimBaseUrl(options.baseUrl)}/v1/${customerResource(options.customerId)}`;
  }

  /**
   * One page of effective policies for a target. Paging lives in the POST body here; the call only
   * reads, so it is retried like a GET.
   */
  async resolvePolicies(
    query: ResolvePoliciesQuery,
    options: CallOptions = {},
  ): Promise<ResolvePoliciesPage> {
    return this.#transport.request({
      operation: 'chromepolicy.policies.resolve',
      method: 'POST',
      url: `${this.#customerUrl}/policies:resolve`,
      body: {
        policySchemaFilter: policySchemaFilterSchema.parse(query.policySchemaFilter),
        policyTargetKey: policyTargetKeySchema.parse(query.policyTargetKey),
        pageSize: pageSizeSchema.parse(query.pageSize),
        pageToken: pageTokenSchema.parse(query.pageToken),
      },
      schema: resolvePoliciesPageSchema,
      safety: 'idempotent',
      ...options,
    });
  }

  /** Every resolved-policy page from `query.pageToken` (or the start). */
  iterateResolvedPolicyPages(
    query: ResolvePoliciesQuery,
    options: CallOptions = {},
  ): AsyncGenerator<Page<ResolvedPolicy>> {
    return iteratePages(async (pageToken) => {
      const page = await this.resolvePolicies({ ...query, pageToken }, options);
      return { items: page.resolvedPolicies ?? [], nextPageToken: page.nextPageToken };
    }, query.pageToken);
  }

  /** Every resolved policy, one at a time. */
  iterateResolvedPolicies(
    query: ResolvePoliciesQuery,
    options: CallOptions = {},
  ): AsyncGenerator<ResolvedPolicy> {
    return iterateItems(this.iterateResolvedPolicyPages(query, options));
  }

  /** One page of policy schemas. */
  async listPolicySchemas(
    query: ListPolicySchemasQuery = {},
    options: CallOptions = {},
  ): Promise<PolicySchemasPage> {
    return this.#transport.request({
      operation: 'chromepolicy.policySchemas.list',
      method: 'GET',
      url: `${this.#customerUrl}/policySchemas`,
      query: {
        filter: z.string().max(2000).optional().parse(query.filter),
        pageSize: pageSizeSchema.parse(query.pageSize),
        pageToken: pageTokenSchema.parse(query.pageToken),
      },
      schema: policySchemasPageSchema,
      safety: 'idempotent',
      ...options,
    });
  }

  /** Every policy-schema page from `query.pageToken` (or the start). */
  iteratePolicySchemaPages(
    query: ListPolicySchemasQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<Page<PolicySchema>> {
    return iteratePages(async (pageToken) => {
      const page = await this.listPolicySchemas({ ...query, pageToken }, options);
      return { items: page.policySchemas ?? [], nextPageToken: page.nextPageToken };
    }, query.pageToken);
  }

  /** Every policy schema, one at a time. */
  iteratePolicySchemas(
    query: ListPolicySchemasQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<PolicySchema> {
    return iterateItems(this.iteratePolicySchemaPages(query, options));
  }

  /** One schema by name, e.g. `chrome.users.IncognitoMode`. */
  async getPolicySchema(schemaName: string, options: CallOptions = {}): Promise<PolicySchema> {
    const name = z
      .string()
      .regex(/^[A-Za-z0-9_.]{1,300}$/)
      .parse(schemaName);
    return this.#transport.request({
      operation: 'chromepolicy.policySchemas.get',
      method: 'GET',
      url: `${this.#customerUrl}/policySchemas/${name}`,
      schema: policySchemaSchema,
      safety: 'idempotent',
      ...options,
    });
  }

  /**
   * Sets policy values on OUs. Setting the same values twice leaves the same state, so it is retried.
   * A rejected batch raises `GoogleInvalidInputError` whose `fieldViolations` name schema and field.
   */
  async batchModifyOrgUnitPolicies(
    requests: readonly ModifyOrgUnitPolicyRequest[],
    options: CallOptions = {},
  ): Promise<void> {
    await this.#transport.request({
      operation: 'chromepolicy.policies.orgunits.batchModify',
      method: 'POST',
      url: `${this.#customerUrl}/policies/orgunits:batchModify`,
      body: batchModifyRequestSchema.parse({ requests }),
      schema: emptyResponseSchema,
      safety: 'idempotent',
      ...options,
    });
  }

  /** Removes direct values so OUs inherit again; repeating it changes nothing, so it is retried. */
  async batchInheritOrgUnitPolicies(
    requests: readonly InheritOrgUnitPolicyRequest[],
    options: CallOptions = {},
  ): Promise<void> {
    await this.#transport.request({
      operation: 'chromepolicy.policies.orgunits.batchInherit',
      method: 'POST',
      url: `${this.#customerUrl}/policies/orgunits:batchInherit`,
      body: batchInheritRequestSchema.parse({ requests }),
      schema: emptyResponseSchema,
      safety: 'idempotent',
      ...options,
    });
  }
}
