/**
 * Utility functions and helpers
 */

export * from "./logger";
