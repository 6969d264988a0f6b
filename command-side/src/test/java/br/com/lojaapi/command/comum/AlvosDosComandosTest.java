package br.com.lojaapi.command.comum;

import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.modelling.command.AnnotationCommandTargetResolver;
import org.axonframework.modelling.command.CommandTargetResolver;
import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.axonframework.modelling.command.TargetAggregateVersion;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** The cached resolver answers, and refuses, exactly as Axon's own resolver does. */
class AlvosDosComandosTest {

    record ComVersao(@TargetAggregateIdentifier String id, @TargetAggregateVersion Long versao) {
    }

    record VersaoEmTexto(@TargetAggregateIdentifier String id, @TargetAggregateVersion String versao) {
    }

    record SemAlvo(String id) {
    }

    static class PorCampoHerdado {
        @TargetAggregateIdentifier
        private final String id = "herdado";
    }

    static class Filho extends PorCampoHerdado {
        @TargetAggregateVersion
        int versao() {
            return 7;
        }
    }

    private final CommandTargetResolver axon = AnnotationCommandTargetResolver.builder().build();
    private final CommandTargetResolver nosso = new AlvosDosComandos();

    @Test
    void mesmaRespostaEMesmaRecusaQueADoAxon() {
        List<Object> comandos = List.of(new ComVersao("a", 3L), new ComVersao("b", null), new VersaoEmTexto("c", "12"),
                new VersaoEmTexto("d", "doze"), new ComVersao(null, 1L), new SemAlvo("e"), new Filho());
        for (Object comando : comandos) {
            for (int vez = 0; vez < 2; vez++) {
                var mensagem = GenericCommandMessage.asCommandMessage(comando);
                Throwable recusaDoAxon = catchThrowable(() -> axon.resolveTarget(mensagem));
                Throwable recusa = catchThrowable(() -> nosso.resolveTarget(mensagem));
                if (recusaDoAxon == null) {
                    assertThat(recusa).as(comando.toString()).isNull();
                    assertThat(nosso.resolveTarget(mensagem)).as(comando.toString())
                                                             .isEqualTo(axon.resolveTarget(mensagem));
                } else {
                    assertThat(recusa).as(comando.toString()).isInstanceOf(recusaDoAxon.getClass())
                                      .hasMessage(recusaDoAxon.getMessage());
                }
            }
        }
        assertThat(nosso.resolveTarget(GenericCommandMessage.asCommandMessage(new Filho())).getVersion()).isEqualTo(7L);
    }
}
