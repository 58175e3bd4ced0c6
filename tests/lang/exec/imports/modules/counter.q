% A module with top-level code: it runs once however often the module is imported.
% run: check
print "loading counter"
counter_start = 100
