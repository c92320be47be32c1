package demo;

import com.google.adk.agents.BaseAgent;
import com.google.adk.agents.LlmAgent;
import com.google.adk.agents.SequentialAgent;

/** An outline, a draft and an edit, run in that order. */
public class Pipeline {
  static LlmAgent planner = LlmAgent.builder()
      .name("planner")
      .instruction("Outline an article about {topic}.")
      .outputKey(Prompts.OUTLINE_KEY)
      .build();

  static LlmAgent writer = LlmAgent.builder()
      .name("writer")
      .instruction(Prompts.WRITER)
      .outputKey("temp:draft")
      .build();

  static LlmAgent editor = LlmAgent.builder()
      .name("editor")
      .instruction(Prompts.EDITOR)
      .build();

  public static BaseAgent ROOT_AGENT = SequentialAgent.builder()
      .name("pipeline")
      .subAgents(planner, writer, editor)
      .build();
}
