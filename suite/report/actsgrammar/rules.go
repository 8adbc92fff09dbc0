package actsgrammar

// The draft's report rules (§13.1 acts-report and sdk-info, §13.2 summary
// and level-summary, §13.3 suite-result, test-result, failure-detail and
// step-result), one table each.

var report = []field{
	{"acts_version", false, text},
	{"spec_version", false, text},
	{"generated_at", false, timestamp},
	{"sdk", false, obj(sdkInfo)},
	{"transport", false, oneOf(transports)},
	{"environment", true, textMap},
	{"summary", false, obj(summary)},
	{"suites", false, nonEmpty(obj(suiteResult))},
}

var sdkInfo = []field{
	{"name", false, text},
	{"version", false, text},
	{"language", false, text},
	{"repository", true, text},
}

var levelSummary = []field{
	{"total", false, integer},
	{"passed", false, integer},
	{"failed", false, integer},
	{"skipped", false, integer},
	{"errors", false, integer},
}

var summary = append(levelSummary[:len(levelSummary):len(levelSummary)],
	field{"duration_ms", false, integer},
	field{"by_level", false, obj([]field{
		{"must", false, obj(levelSummary)},
		{"should", false, obj(levelSummary)},
		{"may", false, obj(levelSummary)},
	})},
)

var suiteResult = []field{
	{"id", false, text},
	{"name", false, text},
	{"tests", false, nonEmpty(obj(testResult))},
}

var testResult = []field{
	{"id", false, text},
	{"name", false, text},
	{"level", false, oneOf(levels)},
	{"result", false, oneOf(results)},
	{"duration_ms", false, integer},
	{"skip_reason", true, text},
	{"failure", true, obj(failureDetail)},
	{"steps", true, nonEmpty(obj(stepResult))},
}

var failureDetail = []field{
	{"message", false, text},
	{"step_id", true, text},
	{"expected", true, text},
	{"actual", true, text},
	{"assertion_path", true, text},
}

var stepResult = []field{
	{"id", false, text},
	{"result", false, oneOf(results)},
	{"duration_ms", false, integer},
	{"failure", true, obj(failureDetail)},
}
