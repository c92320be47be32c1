// The status-bar item: whether the server runs, its version, and what went wrong.
import * as vscode from "vscode";
import type { Found } from "./discovery";
import type { Filter } from "./selector";

export class Status implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly watcher: vscode.Disposable;

  constructor(private readonly selector: Filter[]) {
    this.item = vscode.window.createStatusBarItem("templating.status", vscode.StatusBarAlignment.Right, 100);
    this.item.name = "templating";
    this.item.command = "templating.showOutput";
    this.item.text = "templating";
    this.watcher = vscode.window.onDidChangeActiveTextEditor(() => this.showFor(vscode.window.activeTextEditor));
    this.showFor(vscode.window.activeTextEditor);
  }

  starting(found: Found): void {
    this.set("$(loading~spin) templating", `Starting ${found.command} server (found in ${found.source})`);
  }

  running(version: string, found: Found): void {
    this.set(`$(check) templating ${version}`, `templating server ${version} is running: ${found.command} (found in ${found.source}). Click for its output.`);
  }

  failed(message: string, found: Found | undefined): void {
    const where = found === undefined ? "" : ` (${found.command}, found in ${found.source})`;
    this.set("$(error) templating", `${message}${where}. Click for the output; "templating: Restart Server" tries again.`, true);
  }

  notFound(message: string): void {
    this.set("$(warning) templating: not found", message, true);
  }

  dispose(): void {
    this.watcher.dispose();
    this.item.dispose();
  }

  private set(text: string, tooltip: string, error = false): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = error ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
    this.showFor(vscode.window.activeTextEditor);
  }

  /** Shown beside the files the server reads, hidden elsewhere (as a language's own items are). */
  private showFor(editor: vscode.TextEditor | undefined): void {
    if (editor !== undefined && vscode.languages.match(this.selector, editor.document) > 0) {
      this.item.show();
    } else {
      this.item.hide();
    }
  }
}
