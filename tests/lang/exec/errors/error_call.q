% error("message") as a call.
error("boom")
% expect error: line 2: boom
