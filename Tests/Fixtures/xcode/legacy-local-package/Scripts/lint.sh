echo lint
