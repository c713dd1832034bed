// Command promo-lambda runs the function (DESIGN §4) on AWS Lambda, behind a
// Function URL or an API Gateway HTTP or REST API. It is configured by
// environment variables only: PROMO_ENV (required here), PROMO_UPSTREAM,
// PROMO_COOKIE_NAME, PROMO_COOKIE_DOMAIN, PROMO_API_BASE, PROMO_TIMEOUT,
// PROMO_TRUSTED_HOPS and PROMO_REDIS_URL (docs/deploy.md). Give the Lambda a timeout above PROMO_TIMEOUT (50 s by
// default) so the function can still answer 504 itself.
package main

import (
	"fmt"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/promohq/promo/function/awslambda"
	"github.com/promohq/promo/function/deployed"
)

func main() {
	h, err := build(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "promo-lambda:", err)
		os.Exit(1)
	}
	lambda.StartWithOptions(awslambda.Adapter{H: h}, lambda.WithEnableSIGTERM(func() { h.Close() }))
}

// build makes the handler from the environment (function/deployed).
var build = deployed.New
