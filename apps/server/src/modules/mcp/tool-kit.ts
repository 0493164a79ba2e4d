import type { AccessTokenScope, MarketSource } from '@app/contracts';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { CallToolResult, RequestId, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type AnswerFacts, buildProvenance, provenanceSchema } from './provenance.ts';
import { RestCallError, type RestCaller } from './rest-client.ts';

/** What a tool's code may use: the REST routes as the caller, and the caller's base currency. */
export interface ToolContext {
  rest: RestCaller;
  baseCurrency(): Promise<string>;
}

export interface ToolAnswer<T> extends AnswerFacts {
  data: T;
}

export interface ToolSpec<I extends z.ZodObject, D extends z.ZodType> {
  name: string;
  title: string;
  /** Written for a model: what the tool returns, and when to use it. */
  description: string;
  /** The token scope the tool needs; without it the tool is not listed at all. */
  scope: AccessTokenScope;
  input: I;
  /** The REST response schema (or the REST answers put together) that `data` carries. */
  data: D;
  run(args: z.output<I>, ctx: ToolContext): Promise<ToolAnswer<z.output<D>>>;
}

/** What one MCP request lends its tool calls: the caller, the clock, the market, a status log. */
export interface ToolCallHost {
  context(): ToolContext;
  market(): MarketSource;
  now(): Date;
  /** The outcome of one tools/call request (HTTP-like status), recorded as the token's use. */
  settled(requestId: RequestId, status: number): void;
  /** A failure the caller is not told about (the log has it). */
  unexpected(tool: string, error: unknown): void;
}

export interface McpTool {
  readonly name: string;
  readonly scope: AccessTokenScope;
  readonly description: string;
  readonly inputSchema: z.ZodObject;
  /** `{ data, provenance }`: what every structuredContent of this tool is. */
  readonly outputSchema: z.ZodObject;
  /** The tool as tools/list lists it, JSON schemas included, built once per process. */
  definition(): Tool;
  register(server: McpServer, host: ToolCallHost): void;
}

const unexpectedMessage = 'An unexpected error occurred on the server. Nothing was changed by this call.';

/**
 * The figures are repeated as JSON text for clients that show a model the text only, up to about
 * 25,000 tokens: a longer answer (a tax report of a long history) would not fit a model's context
 * as text anyway, so the text then says how to ask for less.
 */
export const maxTextJson = 100_000;

export function figuresText(json: string): string {
  if (json.length <= maxTextJson) return json;
  return `The full answer (${Math.round(json.length / 1000)} kB of JSON) is in structuredContent.data only; ask for less (one portfolio, coin, year or page) to get it as text.`;
}

/** A REST refusal as a tool error: the envelope's message, then each field's messages. */
export function restErrorResult(error: RestCallError): CallToolResult {
  const lines = Object.entries(error.fields).map(([field, messages]) => `- ${field}: ${messages.join(' ')}`);
  return {
    isError: true,
    content: [{ type: 'text', text: [error.message, ...lines].join('\n') }],
  };
}

/** The SDK's own conversion, with the options its tools/list uses. */
function jsonSchemaOf(schema: z.ZodObject, pipeStrategy: 'input' | 'output') {
  return toJsonSchemaCompat(schema, { strictUnions: true, pipeStrategy }) as Tool['inputSchema'];
}

export function defineTool<I extends z.ZodObject, D extends z.ZodType>(spec: ToolSpec<I, D>): McpTool {
  const outputSchema = z.object({ data: spec.data, provenance: provenanceSchema });
  const readOnly = spec.scope === 'read';
  const annotations = {
    title: spec.title,
    readOnlyHint: readOnly,
    destructiveHint: false,
    idempotentHint: readOnly,
    openWorldHint: false,
  };
  let definition: Tool | undefined;
  /**
   * The REST text whose data last passed the output schema. A route that serves the same answer
   * again (a cached report) is not checked again: the same text parses to the same data.
   */
  let checkedText: string | undefined;

  function checkData(data: unknown, text: string | undefined): void {
    if (text !== undefined && text === checkedText) return;
    spec.data.parse(data);
    checkedText = text;
  }

  return {
    name: spec.name,
    scope: spec.scope,
    description: spec.description,
    inputSchema: spec.input,
    outputSchema,
    definition() {
      definition ??= {
        name: spec.name,
        title: spec.title,
        description: spec.description,
        inputSchema: jsonSchemaOf(spec.input, 'input'),
        outputSchema: jsonSchemaOf(outputSchema, 'output') as Tool['outputSchema'],
        annotations,
        execution: { taskSupport: 'forbidden' },
      };
      return definition;
    },
    register(server, host) {
      // Widened to the plain object schema: the SDK's callback type cannot be picked for a generic one.
      const inputSchema: z.ZodObject = spec.input;
      // The output schema is listed by `definition()` and checked here, not by the SDK, which
      // would check a whole unchanged answer (a megabyte of tax report) again on every call.
      server.registerTool(
        spec.name,
        { title: spec.title, description: spec.description, inputSchema, annotations },
        async (args: unknown, extra): Promise<CallToolResult> => {
          const ctx = host.context();
          try {
            // The SDK checked the arguments already; parsing again gives them their static type.
            const parsed = spec.input.parse(args);
            const [answer, baseCurrency] = await Promise.all([spec.run(parsed, ctx), ctx.baseCurrency()]);
            const text = ctx.rest.textOf(answer.data);
            checkData(answer.data, text);
            const provenance = provenanceSchema.parse(
              buildProvenance({
                facts: answer,
                baseCurrency,
                market: host.market(),
                now: host.now(),
                routes: ctx.rest.routes,
              }),
            );
            host.settled(extra.requestId, 200);
            return {
              content: [
                { type: 'text', text: provenance.summary },
                { type: 'text', text: figuresText(text ?? JSON.stringify(answer.data)) },
              ],
              structuredContent: { data: answer.data, provenance },
            };
          } catch (error) {
            if (error instanceof RestCallError) {
              host.settled(extra.requestId, error.status);
              return restErrorResult(error);
            }
            host.settled(extra.requestId, 500);
            host.unexpected(spec.name, error);
            return { isError: true, content: [{ type: 'text', text: unexpectedMessage }] };
          }
        },
      );
    },
  };
}
