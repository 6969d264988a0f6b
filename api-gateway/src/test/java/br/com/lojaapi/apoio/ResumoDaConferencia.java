package br.com.lojaapi.apoio;

import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At the end of a test run, the count of responses checked against the description and where their divergences
 * were written (registered in META-INF/services, so every run of the JUnit Platform has it).
 */
public class ResumoDaConferencia implements TestExecutionListener {

    private static final Logger LOG = LoggerFactory.getLogger(ResumoDaConferencia.class);

    @Override
    public void testPlanExecutionFinished(TestPlan plano) {
        String resumo = ConferenciaDaDescricao.concluir();
        if (!resumo.isEmpty()) {
            LOG.info(resumo);
        }
    }
}
