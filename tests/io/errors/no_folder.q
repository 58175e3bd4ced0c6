% writing into a folder that does not exist leaves nothing and names the file.
imwrite("/tmp/qpipe-test-io-no-such-folder/x.png", [[1, 2]])
% expect error: line 2: imwrite: cannot create '/tmp/qpipe-test-io-no-such-folder/x.png': No such file or directory
