package br.com.lojaapi.gateway.erro;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * Tomcat answers some requests itself before Spring sees them (an undecodable URL, for example). This valve makes
 * those answers {@code {erro}} JSON too, instead of Tomcat's HTML page with the server version.
 */
public class ValvulaDeErroJson extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write("{\"erro\":\"" + RespostasDeErro.mensagemPadrao(status) + "\"}");
                writer.flush();
            }
        } catch (IOException | IllegalStateException e) {
            // The client is gone or the response is committed: nothing more can be said.
        }
    }
}
