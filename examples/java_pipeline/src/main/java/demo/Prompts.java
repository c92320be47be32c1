package demo;

/** The instructions of the pipeline, as text blocks. */
final class Prompts {
  static final String OUTLINE_KEY = "outline";

  static final String WRITER = """
      Write an article about {topic} following this outline:
      {%s}
      """.formatted(OUTLINE_KEY);

  static final String EDITOR = """
      Edit the draft {temp:draft} for {audience}.
      """;

  private Prompts() {}
}
