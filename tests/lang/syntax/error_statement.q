% run: dump
% pins: error with a message and further values
error "the specified color transform ", cname, " is not supported!"
error "failed"
% expect: (error "the specified color transform " cname " is not supported!")
% expect: (error "failed")
