package agent

import (
	"fmt"
	"net/url"
	"strconv"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// getTaskQuery and listTasksQuery read the query parameters of GetTask and
// ListTasks (spec §11.5): camelCase names (snake_case accepted), enums by
// name or number, booleans true/false. Unknown parameters are ignored.
func getTaskQuery(r *wire.GetTaskRequest, q url.Values) (err error) {
	r.HistoryLength, err = queryInt32(q, "historyLength")
	return err
}

func listTasksQuery(req *wire.ListTasksRequest, q url.Values) error {
	var err error
	if v, ok := queryValue(q, "contextId"); ok {
		req.ContextID = v
	}
	if v, ok := queryValue(q, "status"); ok && v != "" {
		st, valid := wire.ParseTaskState(v)
		if !valid {
			return fmt.Errorf("status: %s is not a TaskState", quote(v))
		}
		req.Status = st
	}
	if req.PageSize, err = queryInt32(q, "pageSize"); err != nil {
		return err
	}
	if v, ok := queryValue(q, "pageToken"); ok {
		req.PageToken = v
	}
	if req.HistoryLength, err = queryInt32(q, "historyLength"); err != nil {
		return err
	}
	if v, ok := queryValue(q, "statusTimestampAfter"); ok {
		req.StatusTimestampAfter = v
	}
	if v, ok := queryValue(q, "includeArtifacts"); ok {
		switch v {
		case "true":
			req.IncludeArtifacts = true
		case "false", "":
			req.IncludeArtifacts = false
		default:
			return fmt.Errorf("includeArtifacts: %s is not true or false", quote(v))
		}
	}
	return nil
}

// queryValue looks a parameter up by its camelCase name, then its proto name.
func queryValue(q url.Values, name string) (string, bool) {
	for _, key := range []string{name, snakeCase(name)} {
		if values, ok := q[key]; ok && len(values) > 0 {
			return values[0], true
		}
	}
	return "", false
}

func queryInt32(q url.Values, name string) (*int32, error) {
	v, ok := queryValue(q, name)
	if !ok || v == "" {
		return nil, nil
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("%s: %s is not an int32", name, quote(v))
	}
	n32 := int32(n)
	return &n32, nil
}
