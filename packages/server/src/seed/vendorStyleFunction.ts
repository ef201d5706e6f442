/**
 * A demo function written the way functions for the vendor's cloud are: every service is a bare host
 * name in `*_HOST`, reached as `https://{HOST}/...` with the bearer token in the matching `*_TOKEN`, and
 * times are Python's naive isoformat() with microseconds. It reads a room temperature's last six hours
 * through HISTORIAN_HOST, looks the tag up through CLOUD_META_DATA_HOST and writes the mean back through
 * WRITEAPI_HOST. Standard library only.
 */
export const VENDOR_STYLE_FUNCTION_NAME = 'temperature-mean';

export function vendorStyleFunctionSource(defaultController: string): string {
  return `"""Six hours of a room temperature, its tag looked up, and the mean written back."""
import datetime
import json
import os
import urllib.parse
import urllib.request


def call(service, path, query=None, body=None):
    """One call to a cloud service: https://{SERVICE_HOST}{path} with its bearer token."""
    url = "https://" + os.environ[service + "_HOST"] + path
    if query:
        url += "?" + urllib.parse.urlencode(query)
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method="GET" if data is None else "POST", headers={
        "Authorization": "Bearer " + os.environ[service + "_TOKEN"],
        "Content-Type": "application/json",
    })
    with urllib.request.urlopen(request, timeout=20) as response:
        text = response.read().decode("utf-8")
        return json.loads(text) if text else None


def main(request):
    controller = request.get("controller", "${defaultController}")
    tag = request.get("tag", "RT401")
    since = (datetime.datetime.now() - datetime.timedelta(hours=6)).isoformat()
    series = call("HISTORIAN", "/%s/timeseries/%s" % (controller, tag), {"from": since, "time_format": "epoch"})
    tags = call("CLOUD_META_DATA", "/v0/tags", {"controller-uuid": controller, "name": tag})
    if not tags:
        raise RuntimeError("No tag %s on controller %s" % (tag, controller))
    if not series:
        raise RuntimeError("No values of %s since %s" % (tag, since))
    mean = round(sum(point["v"] for point in series) / len(series), 2)
    target = tag + "_mean6h"
    call("WRITEAPI", "/v1/controllers/%s/tags/%s" % (controller, target),
         body={"timestamp": datetime.datetime.now().isoformat(), "dataType": "number", "value": mean})
    print("Read %d values of %s (%s) since %s; wrote %s = %s" % (len(series), tags[0]["path"], tags[0]["uuid"], since, target, mean))
    return {
        "read": {"tag": tag, "uuid": tags[0]["uuid"], "path": tags[0]["path"], "points": len(series),
                 "first": series[0], "last": series[-1]},
        "wrote": {"tag": target, "value": mean},
    }
`;
}
