import { BaseAgent, InvocationContext, LlmAgent } from '@google/adk';
import type { Event } from '@google/adk';
import { editor, outline, writer } from './agents.js';

// Runs outline, writer, editor in the order of its code: outline reads the draft too early.
class EssayAgent extends BaseAgent {
  private outline: LlmAgent;
  private writer: LlmAgent;

  constructor(name: string, first: LlmAgent, second: LlmAgent) {
    super({ name, subAgents: [first, second, editor] });
    this.outline = first;
    this.writer = second;
  }

  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, void> {
    for await (const event of this.outline.runAsync(ctx)) yield event;
    for await (const event of this.writer.runAsync(ctx)) yield event;
    for await (const event of editor.runAsync(ctx)) yield event;
  }

  protected async *runLiveImpl(ctx: InvocationContext): AsyncGenerator<Event, void, void> {
    yield* this.runAsyncImpl(ctx);
  }
}

export const essay = new EssayAgent('essay', outline, writer);
