% Functions are not data; a structure that contains itself cannot be written; a folder
% that does not exist cannot be written to. A failed save leaves no file.
try
    save("/tmp/qpipe-test-dataio-fn.dat", 1, x -> x)
catch e
    print e
end
% expect: save: cannot save value 2: functions and types are not data
type node : mutable class
    next : ??
end
n = node(next:=nullptr)
n.next = n
try
    save("/tmp/qpipe-test-dataio-cycle.dat", n)
catch e
    print e
end
% expect: save: cannot save value 1: values nested too deeply (a structure that contains itself?)
n.next = nullptr    % break the cycle: reference counting cannot free it (docs/runtime.md)
try
    save("/tmp/qpipe-no-such-folder/x.dat", 1)
catch e
    print e
end
% expect: save: cannot write '/tmp/qpipe-no-such-folder/x.dat': No such file or directory
