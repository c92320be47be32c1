/**
 * Function Index Module
 *
 * Provides Lunr.js-based search capabilities for MCP wrapper functions
 */

export type { FunctionMetadata } from "./builder";
export { buildFunctionIndex, searchFunctions } from "./builder";
