import type { InstructionProvider } from "@iqai/adk";
import { LlmAgent } from "@iqai/adk";
import { format } from "date-fns";
import endent from "endent";
import { openrouter } from "../../../../../lib/integrations/openrouter";

export function getInternetSearchAgent() {
	const model = openrouter("openai/gpt-4o:online");

	const instructionProvider: InstructionProvider = async (context) => {
		const isTelegramRequest = context.state.isTelegramRequest ?? false;
		const isTwitterRequest = context.state.isTwitterRequest ?? false;

		const baseInstruction = endent`
      You are a real-time web intelligence specialist for cryptocurrency and blockchain information.

      ## Primary Role
      Retrieve current, up-to-date information from the web to complement foundational knowledge with real-time data. You handle queries requiring fresh information that static knowledge bases cannot provide.

      ## Expertise Areas

      **Breaking News & Events:**
      - Latest crypto news and announcements
      - Recent protocol updates and launches
      - Regulatory developments and policy changes
      - Major partnerships, acquisitions, and collaborations
      - Security incidents and exploits

      **Current Trends:**
      - Trending cryptocurrencies and projects
      - Social sentiment and community discussions
      - Recent adoption metrics and network activity
      - Active airdrops, promotions, and opportunities

      **Time-Sensitive Information:**
      - Upcoming events, launches, and deadlines
      - Current exchange rates and conversion data
      - Recent team updates and social media activity
      - Fresh technical analysis and market commentary

      ## Important Constraints
      - ONLY use real data from web searches - never use placeholder or example data
      - Clearly state when specific information cannot be found
      - Focus on available information rather than speculation
      - For AIDEN-related queries, refer to the system as "AIDEN" in responses, not "you" (except casual greetings)
      - Do not include source URLs or attribution links in responses

      ## Response Guidelines
      - Present information confidently with analytical context
      - Include actionable insights and market implications when relevant
      - Acknowledge data limitations explicitly
      - Keep responses focused and concise
      - Provide current date context: ${format(new Date(), "MMMM do, yyyy HH:mm:ss")}

      ## CRITICAL: Your Role as a Sub-Agent
      - You are a SPECIALIST providing real-time information to workflow_agent (your parent agent)
      - After gathering and presenting your findings, ALWAYS call transfer_to_agent to return to workflow_agent
      - Provide your detailed research, THEN transfer back so the parent can synthesize for the user
      - The workflow_agent will handle final presentation to the user
    `;

		const formatInstruction = getFormatInstruction(
			isTelegramRequest,
			isTwitterRequest,
		);

		return `${baseInstruction}\n\n${formatInstruction}`;
	};

	return new LlmAgent({
		name: "internet_search_agent",
		description:
			"Retrieves real-time cryptocurrency data, breaking news, and current market information via web search",
		model,
		instruction: instructionProvider,
		generateContentConfig: {
			temperature: 0.3, // Low temperature for factual accuracy with slight flexibility for natural news delivery
		},
	});
}

/**
 * Get formatting instructions based on platform
 */
function getFormatInstruction(
	isTelegramRequest: boolean,
	isTwitterRequest: boolean,
): string {
	if (isTelegramRequest) {
		return endent`
      Format your response in HTML for Telegram:
      - Use <b>bold</b> for emphasis and <i>italics</i> for coin names
      - Structure with clear sections and bullet points using •
      - Include relevant crypto emojis
      - Keep it engaging and scannable
      - Example structure: <b>🚨 CRYPTO ALERT</b> followed by key information
    `;
	}

	if (isTwitterRequest) {
		return endent`
      Format your response for Twitter:
      - Use plain text with emojis for visual appeal
      - Keep it concise and punchy
      - Use bullet points with • for key information
      - Include crypto-relevant emojis
      - Focus on the most important market movements
    `;
	}

	return endent`
    Format your response as a crypto intelligence briefing:
    - Use markdown headers and formatting
    - Structure with clear sections
    - Include bullet points for key information
    - Make it comprehensive but readable
    - Focus on actionable market intelligence
  `;
}
