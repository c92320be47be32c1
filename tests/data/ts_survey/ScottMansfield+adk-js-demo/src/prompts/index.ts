/**
 * @license
 * Copyright 2025 Google LLC
 * SPDX-License-Identifier: Apache-2.0
 */

export * from "./contractor_scout.prompt.js";
export * from "./design_consultant.prompt.js";
export * from "./material_sourcer.prompt.js";
export * from "./project_lead.prompt.js";