package demo;

import com.google.adk.runner.InMemoryRunner;
import java.util.HashMap;
import java.util.Map;

/** Runs the pipeline with the topic in the session's initial state. */
public class Main {
  public static void main(String[] args) {
    InMemoryRunner runner = new InMemoryRunner(Pipeline.ROOT_AGENT);
    Map<String, Object> initialState = new HashMap<>();
    initialState.put("topic", args[0]);
    runner.sessionService().createSession("pipeline", "user", initialState, null).blockingGet();
  }
}
