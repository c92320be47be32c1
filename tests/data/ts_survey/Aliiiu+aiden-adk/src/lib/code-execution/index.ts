/**
 * Code Execution Module
 *
 * Provides tools and utilities for executing agent-generated code
 * in a sandboxed environment with MCP API access.
 */

export {
	createModule,
	executeInSandbox,
	type SandboxConfig,
	type SandboxResult,
} from "./sandbox";

export {
	type CodeExecutionToolConfig,
	createCodeExecutionTool,
	createMCPCodeExecutionTool,
} from "./tool";
