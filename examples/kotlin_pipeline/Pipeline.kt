package demo

import com.google.adk.kt.agents.Instruction
import com.google.adk.kt.agents.LlmAgent
import com.google.adk.kt.agents.SequentialAgent

const val OUTLINE_KEY = "outline"

val planner = LlmAgent(
    name = "planner",
    instruction = Instruction("Outline an article about {topic}."),
    outputKey = OUTLINE_KEY,
)

val writer = LlmAgent(
    name = "writer",
    instruction = Instruction(
        """
        |Write about {topic} following the outline below.
        |Outline: {$OUTLINE_KEY}
        |Budget: ${'$'}{budget}
        """.trimMargin()
    ),
    outputKey = "draft",
)

val editor = LlmAgent(
    name = "editor",
    instruction = Instruction { _ ->
        Content(parts = listOf(Part(text = "Edit {draft} for {audience}.")))
    },
)

val pipeline = SequentialAgent(name = "pipeline", subAgents = listOf(planner, writer, editor))

suspend fun main() {
    sessionService.createSession(key = SessionKey("pipeline", "user"), state = mapOf("topic" to "tides", "budget" to 3))
}
